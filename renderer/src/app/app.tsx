import type { Chosen } from '../lib/i18n';
import { Layout } from './layout';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App({ language }: { language: Chosen }) {
  return (
    <AppProvider language={language}>
      <Layout>
        <AppRouter />
      </Layout>
    </AppProvider>
  );
}
