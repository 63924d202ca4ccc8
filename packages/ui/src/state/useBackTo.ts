import { backTarget, useNavigation, type View } from './navigation.ts';

/** The back action of a view, going where SPEC 2 says that view's back goes. */
export function useBackTo(view: View): () => void {
  const navigate = useNavigation((s) => s.navigate);
  return () => navigate(backTarget(view));
}
