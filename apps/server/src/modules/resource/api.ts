/**
 * What other modules may use of the resource module (the only file of it they import): the tenant's file
 * store and sending a stored file.
 */
export { TenantFiles } from './files.ts';
export { sendFile } from './upload.ts';
