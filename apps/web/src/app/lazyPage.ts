/**
 * A lazily loaded page that can be loaded ahead (`preload()`): once its module is here the page renders at once,
 * without the 加载中 of its Suspense boundary. React.lazy suspends on a promise even when it is already resolved;
 * a thenable that answers synchronously does not suspend (the same trick as the shell's, app/layout/loadLayout.ts).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PageModule = { default: ComponentType };

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Loads the page's module (its chunks) now; resolves when it is here, never rejects (a failure is the page's own load's). */
  preload: () => Promise<void>;
  /** Whether the module is here (the page renders without suspending). */
  readonly loaded: boolean;
};

export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let module: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const fetch = () =>
    (loading ??= load().then(
      (m) => (module = m),
      (e: unknown) => {
        loading = undefined; // the next try loads again (a chunk after a deployment, a network hiccup)
        throw e;
      },
    ));
  const page = lazy(() => (module ? ({ then: (resolve: (m: PageModule) => unknown) => resolve(module!) } as unknown as Promise<PageModule>) : fetch()));
  // A getter, not a copied value: `loaded` answers for the moment it is read.
  return Object.defineProperties(page, {
    preload: {
      value: () =>
        fetch().then(
          () => undefined,
          () => undefined,
        ),
    },
    loaded: { get: () => module !== undefined },
  }) as LazyPage;
}
