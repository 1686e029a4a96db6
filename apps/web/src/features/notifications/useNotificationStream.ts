import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getToken, useSession } from '../../lib/session.ts';
import { notificationKeys } from './api.ts';
import { connectNotificationStream } from './stream.ts';

/**
 * Keeps the signed-in user's notifications stream open (stream.ts) and, on each event, reads the
 * notifications again, and what `alsoRefresh` names (the staff's pending orders). Whether it is
 * open: while it is not, the callers poll.
 */
export function useNotificationStream(alsoRefresh: ReadonlyArray<readonly unknown[]> = []): boolean {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const [live, setLive] = useState(false);
  const keys = useRef(alsoRefresh);
  keys.current = alsoRefresh;
  useEffect(() => {
    if (!token) return;
    const stop = connectNotificationStream(getToken, {
      onEvent: () => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey });
      },
      onOpen: () => setLive(true),
      onDown: () => setLive(false),
    });
    return () => {
      stop();
      setLive(false);
    };
  }, [token, queryClient]);
  return live;
}
