import { configure } from '@testing-library/react';
import { resetFirstAnswers } from '../platform/first-answers.ts';
import { resetNavigation } from '../state/navigation.ts';
import { resetSession } from '../state/session.ts';
import { useIntent } from '../state/intent.ts';
import { useBrowseState } from '../views/browse/useBrowseState.ts';

// The suite shares two cores with the API's tests in CI: a screen that answers in 1.2 s there is not broken, so
// findBy/waitFor wait up to 5 s before calling a state missing.
configure({ asyncUtilTimeout: 5_000 });

interface PageSize {
  setViewport(size: { width: number; height: number }): void;
}

// Test files share a worker's modules and page (isolate: false), so each file starts from the app's first state:
// nobody signed in, the feed, no held intent or browse filters, an empty storage, the root address and the page's
// first size.
const browseStart = useBrowseState.getInitialState();
const intentStart = useIntent.getInitialState();
resetSession();
resetNavigation();
resetFirstAnswers();
useBrowseState.setState(browseStart, true);
useIntent.setState(intentStart, true);
// A file that runs in Node (the import boundaries) has no page.
if (typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  // A file that tries a phone sets the page's size; the next starts at happy-dom's own (a phone width left behind
  // made the dealer inventory draw its cards instead of its table).
  (window as unknown as { happyDOM?: PageSize }).happyDOM?.setViewport({ width: 1024, height: 768 });
}
