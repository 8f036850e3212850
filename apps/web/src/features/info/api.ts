/** The profile page's calls: the user's own information, its update, the avatar upload and the password. */
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../app/api';
import { queryKeys } from '../../app/queryKeys';

export interface Profile {
  account: string;
  name?: string;
  realName?: string;
  phone?: string;
  email?: string;
  avatar?: string;
}

/** The signed-in user's information, fetched afresh on every opening. */
export const profileQuery = () => queryOptions({ queryKey: queryKeys.account.profile(), queryFn: () => get<Profile>('/api/blade-user/info'), gcTime: 0 });

export const updateProfile = (changes: Omit<Profile, 'account'>) => post('/api/blade-user/update-info', changes);

/** Stores an image and answers its link (the avatar). */
export function uploadAvatar(file: File): Promise<{ link: string }> {
  const body = new FormData();
  body.append('file', file);
  return post<{ link: string }>('/api/blade-resource/oss/endpoint/put-file', body);
}

/** The new password as typed (the server checks the rule), the old one as its md5 like the login. */
export const updatePassword = (body: { oldPassword: string; newPassword: string; newPassword1: string }) => post('/api/blade-user/update-password', body);
