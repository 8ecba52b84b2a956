/**
 * `load` run on the first call and its promise shared by the calls after it, until it
 * fails: a failed load (a module that could not be read under load, say) is forgotten, so the
 * next call tries again instead of the feature staying broken until a restart.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
