/** Server state of the undelivered-emails screen (product.md §8.7): the failed mails, and resending one. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const mailKeys = {
  all: ['mail'] as const,
  failed: (page: number) => ['mail', 'failed', page] as const,
};

/** GET mail/failed?page= (Admin). The previous page stays visible while paging. */
export function useFailedMails(page: number) {
  return useQuery({
    queryKey: mailKeys.failed(page),
    queryFn: ({ signal }) => call('mail.failed', { query: { page } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST mail/{id}/resend (Admin): the mail leaves the list once queued again. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('mail.resend', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
