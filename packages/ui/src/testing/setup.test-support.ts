import { configure } from '@testing-library/react';

// The suite shares two cores with the API's tests in CI: a screen that answers in 1.2 s there is not broken, so
// findBy/waitFor wait up to 5 s before calling a state missing.
configure({ asyncUtilTimeout: 5_000 });
