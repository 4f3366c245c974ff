import { useNavigation } from 'react-router';

/**
 * A brass bar along the top of the screen while the next page's data is on its way. A page opened
 * through a link loads with a script, which the browser's own loading sign does not show, so on a
 * slow phone network a tap seemed to do nothing for seconds.
 */
export function PageLoading() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      className="fixed inset-x-0 top-0 z-50 h-1 animate-page-loading bg-[linear-gradient(90deg,transparent,var(--color-brass),transparent)] bg-size-[40%_100%] bg-no-repeat motion-reduce:animate-none motion-reduce:bg-brass motion-reduce:bg-none"
    />
  );
}
