/**
 * Whether `error` is the browser saying a request got no answer: offline, the connection dropped, the
 * server out of reach. fetch rejects with a TypeError that each browser words its own way (Chromium
 * "Failed to fetch", and "network error" for an answer cut off; Firefox "NetworkError when attempting
 * to fetch resource."; Safari "Load failed"); a TypeError of our own code says something else.
 */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /failed to fetch|network ?error|load failed|internet connection appears to be offline/i.test(
      error.message,
    )
  );
}
