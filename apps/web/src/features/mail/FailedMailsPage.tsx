import { Button, Paper, Table, Text } from '@mantine/core';
import type { FailedMail } from '@nido/contract';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { ListPager } from '../../components/ListControls.tsx';
import { notifyError, notifySuccess } from '../../components/notify.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { LoadingState } from '../../components/QueryState.tsx';
import { DataTable, EmptyRow, HiddenHeader, TextCell } from '../../components/TableParts.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { apiErrorText } from '../../lib/messages.ts';
import { useListParams } from '../../lib/useListParams.ts';
import { useFailedMails, useResendMail } from './api.ts';

function MailRow({ mail }: { mail: FailedMail }) {
  const { t } = useTranslation('mail');
  const resend = useResendMail();
  const send = () =>
    resend.mutate(mail.id, {
      onSuccess: () => notifySuccess(t('resent', { recipients: mail.recipients })),
      onError: (error) => notifyError(apiErrorText(error, t('resendError'))),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={700}>
          {mail.subject}
        </Text>
      </Table.Td>
      <TextCell>{mail.recipients}</TextCell>
      <TextCell>{mail.last_error ?? ''}</TextCell>
      <TextCell ta="right">{mail.attempts}</TextCell>
      <Table.Td>
        {/* One block: on a phone's card it is the value beside the column's name. */}
        <div style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{formatDateTime(mail.last_attempt_at)}</Text>
          <Text size="xs" c="dimmed">
            {t('createdAt', { date: formatDateTime(mail.created_at) })}
          </Text>
        </div>
      </Table.Td>
      <Table.Td ta="right">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSend size={14} aria-hidden />}
          loading={resend.isPending}
          onClick={send}
          aria-label={t('resendOne', { subject: mail.subject, recipients: mail.recipients })}
        >
          {t('resend')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /mail/failed (Admin, product.md §4.10): the mails the portal could not send after every try, newest
 * first, with what the mail server last answered; each can be sent again once the server works.
 */
export default function FailedMailsPage() {
  const { t } = useTranslation('mail');
  const params = useListParams({ replacePage: true });
  const list = useFailedMails(params.page);
  const rows = list.data?.data ?? [];

  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      {list.isError && (
        <ErrorAlert onRetry={list.refetch} retryLabel={t('retry')}>
          {t('loadError')}
        </ErrorAlert>
      )}

      {list.isLoading ? (
        <LoadingState label={t('loading')} />
      ) : (
        !list.isError && (
          <Paper withBorder>
            <DataTable
              minWidth={760}
              // On a phone each mail is a card: its subject and the button, then each field named.
              stacked={{
                labels: [null, t('recipients'), t('lastError'), t('attempts'), t('lastAttemptAt')],
                title: 1,
                actions: true,
              }}
              striped
              verticalSpacing="xs"
              aria-label={t('title')}
              head={
                <>
                  <Table.Th>{t('subject')}</Table.Th>
                  <Table.Th>{t('recipients')}</Table.Th>
                  <Table.Th>{t('lastError')}</Table.Th>
                  <Table.Th ta="right">{t('attempts')}</Table.Th>
                  <Table.Th>{t('lastAttemptAt')}</Table.Th>
                  <HiddenHeader label={t('actions')} />
                </>
              }
            >
              {rows.map((mail) => (
                <MailRow key={mail.id} mail={mail} />
              ))}
              {rows.length === 0 && <EmptyRow colSpan={6}>{t('empty')}</EmptyRow>}
            </DataTable>
          </Paper>
        )
      )}

      <ListPager
        meta={list.data?.meta}
        onPage={params.setPage}
        range={(meta) => t('range', { from: meta.from, to: meta.to, total: meta.total })}
      />
    </PageFrame>
  );
}
