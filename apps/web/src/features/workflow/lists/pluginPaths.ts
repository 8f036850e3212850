/**
 * The BladeX workflow plugin's list pages (bookmarks, links in old notices and mails) and where they are in this
 * product: `/plugin/workflow/process/<list>` (also `…/pages/process/<list>`) → `/workflow/process/<list>`.
 */
const LISTS: Record<string, string> = {
  send: '/workflow/process/send',
  todo: '/workflow/process/todo',
  claim: '/workflow/process/claim',
  done: '/workflow/process/done',
  myDone: '/workflow/process/myDone',
  copy: '/workflow/process/copy',
  start: '/workflow/process/start',
};

/** Every plugin path that leads to one of our lists, with where it leads. */
export const PLUGIN_LIST_REDIRECTS: { from: string; to: string }[] = Object.entries(LISTS).flatMap(([list, to]) => [
  { from: `/plugin/workflow/process/${list}`, to },
  { from: `/plugin/workflow/pages/process/${list}`, to },
]);
