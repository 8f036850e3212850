/** A record kind the code generator emitted (modules/develop/codegen/emit.ts): its registration (its menus are its menus.ts). */
import type { ModuleContext } from '../../platform/module.ts';

export interface GeneratedModule {
  /** The folder's name (`modules/generated/<name>`). */
  name: string;
  register(ctx: ModuleContext): void;
}
