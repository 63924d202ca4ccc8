import { Dialog } from '../../kit/Dialog.tsx';
import { AiSearchPanel } from '../../ai/AiSearchPanel.tsx';
import type { AiResults } from '../../ai/ai-panels.ts';
import { QuizPanel } from '../../ai/QuizPanel.tsx';

export type AiOverlayKind = 'search' | 'quiz';

const TITLES: Record<AiOverlayKind, string> = { search: 'AI Search', quiz: 'Lifestyle Match' };

/**
 * The natural-language search and lifestyle quiz modals over the feed. The panels are the discover view's; their
 * results replace the feed's list (SPEC 4), which also closes the modal.
 */
export function AiOverlay({
  kind,
  onClose,
  onResults,
}: {
  kind: AiOverlayKind;
  onClose: () => void;
  onResults: (results: AiResults) => void;
}) {
  const Panel = kind === 'search' ? AiSearchPanel : QuizPanel;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={TITLES[kind]}>
      <Panel
        onResults={(results) => {
          onResults(results);
          onClose();
        }}
      />
    </Dialog>
  );
}
