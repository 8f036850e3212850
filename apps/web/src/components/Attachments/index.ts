export {
  Attachments,
  base64Utf8,
  previewAddress,
  FILE_MSG,
  UPLOAD_URL,
  ZIP_URL,
  PREVIEW_SERVICE_URL,
  type AttachmentsProps,
  type FileItem,
} from './Attachments';
