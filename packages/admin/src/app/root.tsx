/** The root route: turns the request wrapper's session problems into navigation (sign-in, password page). */

import type { StaffMe } from '@haoka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { onSessionProblem } from '../platform/request';
import { ME_KEY, storeMe } from './session';

export function Root() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    onSessionProblem((problem) => {
      if (problem === 'signedOut') {
        storeMe(client, null);
        void navigate('/sign-in', { replace: true });
      } else {
        const me = client.getQueryData<StaffMe | null>(ME_KEY);
        if (me) storeMe(client, { ...me, mustChangePassword: true });
        void navigate('/password', { replace: true });
      }
    });
    return () => onSessionProblem(() => {});
  }, [client, navigate]);
  return <Outlet />;
}
