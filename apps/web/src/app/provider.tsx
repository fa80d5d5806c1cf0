import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastHost } from '../components/ui/toast-host';
import { sendLaunchCheckin } from '../features/rewards/api/post-task-checkin';
import { useProductName } from '../lib/app-config/get-app-config';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';

/** Spec §2: the document title is always the product name; no page changes it. */
function DocumentTitle() {
  const name = useProductName();
  useEffect(() => {
    document.title = name;
  }, [name]);
  return null;
}

/** Spec §4: the check-in is sent silently once per launch for a signed-in viewer. */
function LaunchCheckin() {
  useEffect(() => {
    sendLaunchCheckin();
  }, []);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DocumentTitle />
        <LaunchCheckin />
        {children}
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
