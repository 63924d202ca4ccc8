import { useMutation } from '@tanstack/react-query';
import { useApi } from '../platform/ApiProvider.tsx';

/** DELETE /account with the account's password; on success the caller signs the device out. */
export function useDeleteAccount() {
  const api = useApi();
  return useMutation({
    mutationFn: (password: string) => api.client.delete('/account', { password }),
  });
}
