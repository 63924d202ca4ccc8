import { useEffect, useRef, useState } from 'react';
import { ATTACHMENT_ACCEPT, selectAttachments } from '@autoreel/core';
import { useHost } from '../../../platform/HostContext.tsx';
import { isAttachable, isImage, localId, type OutgoingFile } from '../../../messaging/outgoing-files.ts';

/** Shown when some picked files are of a kind the chat does not take (the SPEC names the kinds, not this text). */
export const UNSUPPORTED_FILES_SKIPPED =
  'Some files were skipped: only images, PDF, DOC, DOCX, TXT and RTF files can be attached.';

interface Dialogs {
  confirm: (message: string) => Promise<boolean>;
  alert: (message: string) => Promise<void>;
}

/**
 * The composer's attachments: picked through host.pickFiles, then SPEC 5's rules (100MB per file, then 5 in all)
 * with their confirmations; declining any question adds nothing. Image previews are object URLs, released when the
 * chat closes (a message on its way still shows them).
 */
export function useAttachmentPicker({ confirm, alert }: Dialogs) {
  const host = useHost();
  const [files, setFiles] = useState<OutgoingFile[]>([]);
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  async function pick(): Promise<void> {
    const picked = await host.pickFiles({ accept: ATTACHMENT_ACCEPT, multiple: true });
    if (picked.length === 0) return;
    const usable = picked.filter(isAttachable);
    if (usable.length < picked.length) await alert(UNSUPPORTED_FILES_SKIPPED);
    if (usable.length === 0) return;
    const selection = selectAttachments(usable, files.length);
    if (selection.error) {
      await alert(selection.error);
      return;
    }
    for (const question of selection.confirmations) {
      if (!(await confirm(question))) return;
    }
    const added = selection.accepted.map((file): OutgoingFile => {
      const previewUrl = isImage(file) ? URL.createObjectURL(file.blob) : null;
      if (previewUrl) previews.current.add(previewUrl);
      return { id: localId('file'), file, previewUrl };
    });
    setFiles((current) => [...current, ...added]);
  }

  return {
    files,
    pick,
    remove: (id: string) => setFiles((current) => current.filter((f) => f.id !== id)),
    /** Replaces the list: cleared when a message goes out, restored when its upload failed. */
    set: setFiles,
  };
}
