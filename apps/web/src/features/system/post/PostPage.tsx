/** /system/post: the posts of the company (spec 2 section 7). */
import { postEntity } from '@hjl/core';
import { CrudPage } from '../../../components/CrudPage';

export default function PostPage() {
  return <CrudPage def={postEntity} />;
}
