import { useEffect, useRef, useState } from 'react';
import { groupDigits } from '@autoreel/core';
import { Button } from '../../kit/Button.tsx';
import { Tabs } from '../../kit/Tabs.tsx';
import { EmptyState } from '../../kit/States.tsx';
import { SearchIcon, SparklesIcon } from '../../kit/icons.tsx';
import { useLikeStatuses } from '../../social/useLikeStatuses.ts';
import { useNavigation } from '../../state/navigation.ts';
import { ActionCarCard } from '../../car-detail/ActionCarCard.tsx';
import { viewPageStyles } from '../../kit/ViewPage.tsx';
import { matchedHeading, type AiResults } from '../../ai/ai-panels.ts';
import { AiSearchPanel } from '../../ai/AiSearchPanel.tsx';
import { QuizPanel } from '../../ai/QuizPanel.tsx';
import { usePricingInsights } from '../../ai/usePricingInsights.ts';
import browseStyles from '../../cars/Cars.module.css';
import styles from '../../ai/Discover.module.css';

type DiscoverTab = 'search' | 'quiz';

/** SPEC 4 'Display rules': on mobile, AI results scroll into view after this delay. */
export const RESULTS_SCROLL_DELAY_MS = 300;
/** Below this width the results sit under the panel, out of sight; the header's breakpoint. */
export const MOBILE_QUERY = '(max-width: 1023px)';

function isMobile(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(MOBILE_QUERY).matches
    : false;
}

/** 'AI-Matched Cars': each result's card with its score, reasons, lifestyle note and price insight. */
function MatchedCars({ found }: { found: AiResults | null }) {
  const openCar = useNavigation((s) => s.openCar);
  const results = found?.results ?? [];
  const insights = usePricingInsights(results);
  const likes = useLikeStatuses([results.map((result) => result.car.id)]);
  if (!found) {
    return (
      <EmptyState
        icon={<SparklesIcon size={28} />}
        title="Your matches will appear here"
        description="Search in your own words or take the Lifestyle Match quiz; each car shows how well it fits and why."
        headingLevel={3}
      />
    );
  }
  if (results.length === 0) {
    return (
      <EmptyState
        icon={<SearchIcon size={28} />}
        title="No matching cars"
        description="Nothing for sale fits all of that right now. Remove a filter, widen the budget or try other words."
        headingLevel={3}
      />
    );
  }
  return (
    <ul className={browseStyles.grid} aria-label="Matched cars">
      {results.map((result) => {
        const insight = insights.get(result.car.id);
        return (
          <li key={result.car.id}>
            <ActionCarCard
              car={result.car}
              layout="grid"
              onOpen={openCar}
              likeStatus={likes.get(result.car.id)}
              match={{
                matchScore: result.matchScore,
                reasons: result.reasons,
                lifestyleMatch: result.lifestyleMatch,
                pricingInsight: insight,
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * SPEC 2 'discover': AI Search and Lifestyle Match tabs over the 'AI-Matched Cars' results. Opened when search is
 * focused; words typed into that search entry are searched for at once.
 */
export function DiscoverView() {
  const searchQuery = useNavigation((s) => s.searchQuery);
  const [tab, setTab] = useState<DiscoverTab>('search');
  // Each tab keeps its own results: the quiz never shows an earlier search's cars under it, nor the search the quiz's.
  const [foundBy, setFoundBy] = useState<Record<DiscoverTab, AiResults | null>>({ search: null, quiz: null });
  const found = foundBy[tab];
  const foundFor = (which: DiscoverTab) => (results: AiResults | null) =>
    setFoundBy((all) => ({ ...all, [which]: results }));
  const openBrowse = useNavigation((s) => s.navigate);
  const setBrowseQuery = useNavigation((s) => s.setBrowseQuery);
  const resultsRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!found || !isMobile()) return;
    const timer = setTimeout(
      () => resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      RESULTS_SCROLL_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [found]);

  const count = found?.results.length ?? 0;
  return (
    <div className={viewPageStyles.page}>
      <div className={viewPageStyles.inner}>
        <div>
          <p className={viewPageStyles.eyebrow}>AI Discovery</p>
          <h1 className={viewPageStyles.title}>Find your next car</h1>
        </div>
        <p className={viewPageStyles.purpose}>
          Describe the car you want in your own words, or answer five quick questions about how you drive.
        </p>
        <div className={viewPageStyles.card}>
          <Tabs<DiscoverTab>
            label="Discovery mode"
            keepMounted
            value={tab}
            onValueChange={setTab}
            items={[
              {
                value: 'search',
                label: 'AI Search',
                content: (
                  <AiSearchPanel
                    initialQuery={searchQuery}
                    onResults={foundFor('search')}
                    onClear={() => foundFor('search')(null)}
                  />
                ),
              },
              {
                value: 'quiz',
                label: 'Lifestyle Match',
                content: <QuizPanel variant="page" onResults={foundFor('quiz')} />,
              },
            ]}
          />
        </div>
        <section ref={resultsRef} className={styles.results} aria-labelledby="ai-matched-heading">
          <div className={styles.resultsHead}>
            <h2 id="ai-matched-heading" className={styles.resultsTitle}>
              AI-Matched Cars
            </h2>
            {found && count > 0 ? (
              <p className={styles.resultsCount}>{matchedHeading(count, found)}</p>
            ) : null}
            {found?.browseQuery && (found.total ?? count) > count ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setBrowseQuery(found.browseQuery!, 'push');
                  openBrowse('browse');
                }}
              >
                See all {groupDigits(found.total ?? count)} in Browse
              </Button>
            ) : null}
          </div>
          <MatchedCars found={found} />
        </section>
      </div>
    </div>
  );
}
