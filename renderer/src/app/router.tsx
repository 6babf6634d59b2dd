import { Navigate, Route, Routes } from 'react-router-dom';
import { AccessPage } from '../features/access/components/access-page';
import { ContinuePage } from '../features/continue/components/continue-page';
import { DirectContinuePage } from '../features/continue/components/direct-continue-page';
import { MemberEntryPage } from '../features/member/components/member-entry-page';
import { ReceiptPage } from '../features/receipt/components/receipt-page';
import { WizardPage } from '../features/wizard/components/wizard-page';
import { CartRoute } from './routes/cart';
import { LandingRoute } from './routes/landing';
import { NotFoundPage } from './routes/not-found';
import { PlanDetailRoute } from './routes/plan-detail';
import { PlansRoute } from './routes/plans';

export function AppRouter() {
  return (
    <Routes>
      <Route path="/" element={<LandingRoute />} />
      <Route path="/member-benefit-store/:id/:tier" element={<MemberEntryPage />} />
      <Route path="/access-pagenext" element={<AccessPage />} />
      <Route path="/landing-page" element={<AccessPage />} />
      {/* The role homes of the storefront are not built yet; each opens the filter, where every enrollment starts. */}
      <Route path="/member-home" element={<LandingRoute />} />
      <Route path="/agent-home" element={<LandingRoute />} />
      <Route path="/group-home" element={<LandingRoute />} />
      <Route path="/plans" element={<PlansRoute />} />
      <Route path="/plan/:id/:name" element={<PlanDetailRoute />} />
      <Route path="/cart" element={<CartRoute />} />
      <Route path="/continue-enrollment" element={<ContinuePage />} />
      <Route path="/direct-continue/:id/:tab" element={<DirectContinuePage />} />
      <Route path="/enrollment/receipt" element={<ReceiptPage />} />
      <Route path="/enrollment/:route" element={<WizardPage />} />
      <Route path="/404" element={<NotFoundPage />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
