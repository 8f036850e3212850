export { Attachments, base64Utf8, previewAddress, FILE_MSG, type AttachmentsProps, type FileItem } from './Attachments';
