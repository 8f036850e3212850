/**
 * Routes of the process screens (spec 1 section 2): `/workflow/process/{start|detail}/{payload}`, the payload
 * being the base64 of a JSON object with the definition, task, instance and key; external forms (form key
 * `wf_ex_<suffix>`) at `/workflow/process/external/{suffix}/{type}?p={payload}`; business forms at their own form
 * url with `?p={payload}` (S1 L33; formRegistry.ts); the lists the user returns to.
 */

export type ProcessScreen = 'start' | 'detail';

/** What a process screen is opened with. `processId` is the process definition id. */
export interface ProcessParams {
  processId?: string;
  taskId?: string;
  processInsId?: string;
  processDefKey?: string;
  /** The screen (start or detail); kept in the payload as the Saber front end did. */
  type?: ProcessScreen;
}

const EXTERNAL_PREFIX = 'wf_ex_';

/** Where the user goes back to after a start or a task action. */
export const SEND_LIST_PATH = '/workflow/process/send';
export const TODO_LIST_PATH = '/workflow/process/todo';

/** UTF-8 safe base64 of the params' JSON. */
export function encodeProcessParams(params: ProcessParams): string {
  const bytes = new TextEncoder().encode(JSON.stringify(params));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The params of a payload, or undefined when it is not one of ours (a hand-edited or cut-off address). */
export function decodeProcessParams(payload: string): ProcessParams | undefined {
  try {
    const binary = atob(decodeURIComponent(payload));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const out: ProcessParams = {};
    for (const key of ['processId', 'taskId', 'processInsId', 'processDefKey'] as const) {
      const v = (value as Record<string, unknown>)[key];
      if (typeof v === 'string' && v) out[key] = v;
    }
    const type = (value as Record<string, unknown>).type;
    if (type === 'start' || type === 'detail') out.type = type;
    return out;
  } catch {
    return undefined;
  }
}

/** A form key that is a form url of ours (`/workflow/makePayment`), not a form design's key. */
export function isFormUrl(formKey: string | null | undefined): formKey is string {
  return !!formKey && /^\/[\w\-/]+$/.test(formKey) && !formKey.includes('//');
}

/**
 * The address of a process screen. A form key `wf_ex_<suffix>` opens the external form page of that suffix
 * instead, and a form key that is a form url (or a `formUrl` given with it) opens that url; the payload goes in
 * `?p=`. The payload is URI-encoded: base64 may hold '/' and '+'.
 */
export function processPath(screen: ProcessScreen, params: Omit<ProcessParams, 'type'>, formKey?: string | null, formUrl?: string | null): string {
  const payload = encodeURIComponent(encodeProcessParams({ ...params, type: screen }));
  if (formKey?.startsWith(EXTERNAL_PREFIX)) return `/workflow/process/external/${formKey.slice(EXTERNAL_PREFIX.length)}/${screen}?p=${payload}`;
  const url = isFormUrl(formUrl) ? formUrl : isFormUrl(formKey) ? formKey : undefined;
  if (url) return `${url}?p=${payload}`;
  return `/workflow/process/${screen}/${payload}`;
}
