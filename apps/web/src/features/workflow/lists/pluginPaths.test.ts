import { describe, expect, it } from 'vitest';
import { PLUGIN_LIST_REDIRECTS } from './pluginPaths';

describe('the plugin list paths', () => {
  it('lead to the product lists (send and todo as the plugin named them)', () => {
    const to = (from: string) => PLUGIN_LIST_REDIRECTS.find((r) => r.from === from)?.to;
    expect(to('/plugin/workflow/process/send')).toBe('/workflow/process/send');
    expect(to('/plugin/workflow/process/todo')).toBe('/workflow/process/todo');
    expect(to('/plugin/workflow/pages/process/todo')).toBe('/workflow/process/todo');
  });
});
