/**
 * The shell's module (sidebar, header, tabs and the page registry). The router loads it lazily; the login page
 * loads it ahead while its user types, so that signing in shows the workbench without a full-screen 加载中.
 */
type LayoutModule = typeof import('./Layout');

let loaded: LayoutModule | undefined;

export const loadLayout = (): Promise<LayoutModule> =>
  import('./Layout').then((module) => {
    loaded = module;
    return module;
  });

/**
 * For React.lazy: the module once it is here as a thenable that answers at once (React then renders without
 * suspending, where a resolved promise would still show the fallback for a moment), else its loading.
 */
export const layoutModule = (): Promise<LayoutModule> => {
  const module = loaded;
  return module ? ({ then: (resolve: (m: LayoutModule) => unknown) => resolve(module) } as unknown as Promise<LayoutModule>) : loadLayout();
};
