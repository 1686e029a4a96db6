import '@mantine/dropzone/styles.css';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { IMAGE_MAX_BYTES } from '@nido/contract';
import { IconPhotoUp, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { apiErrorText } from '../../../lib/messages.ts';

/**
 * Drag-and-drop (or click) image upload with a progress bar. `onUpload` sends one file and reports
 * progress 0-100; errors are shown in place.
 */
export function ImageDropzone({
  label,
  hint,
  onUpload,
  disabled,
  compact,
}: {
  label: string;
  hint?: string;
  onUpload: (file: File, onProgress: (percent: number) => void) => Promise<unknown>;
  disabled?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation('catalogAdmin');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(files: File[]) {
    setError(null);
    for (const file of files) {
      setProgress(0);
      try {
        await onUpload(file, setProgress);
      } catch (e) {
        setError(apiErrorText(e, t('images.uploadError')));
        break;
      } finally {
        setProgress(null);
      }
    }
  }

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => void send(files)}
        onReject={() => setError(t('msg.imageInvalidOrLarge'))}
        accept={IMAGE_MIME_TYPE}
        maxSize={IMAGE_MAX_BYTES}
        disabled={disabled || progress !== null}
        loading={progress !== null}
        inputProps={{ 'aria-label': label }}
        p={compact ? 'sm' : 'md'}
      >
        <Group justify="center" gap="md" mih={compact ? 40 : 80} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={compact ? 24 : 36} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={compact ? 24 : 36} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhotoUp size={compact ? 24 : 36} stroke={1.5} />
          </Dropzone.Idle>
          <div>
            <Text size={compact ? 'sm' : 'md'} fw={600}>
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              {hint ?? t('images.dropHint')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {progress !== null && (
        <Progress value={progress} animated aria-label={t('images.uploading', { percent: progress })} />
      )}
      {error && <ErrorAlert p="xs">{error}</ErrorAlert>}
    </Stack>
  );
}
