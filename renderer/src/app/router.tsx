import { Navigate, Route, Routes } from 'react-router-dom';
import { AccessPage } from '../features/access/components/access-page';
import { ContinuePage } from '../features/continue/components/continue-page';
import { DirectContinuePage } from '../features/continue/components/direct-continue-page';
import { CurrentMembers } from '../features/current-members/components/current-members';
import { AgentHome } from '../features/homes/components/agent-home';
import { GroupHome } from '../features/homes/components/group-home';
import { MemberHome } from '../features/homes/components/member-home';
import { MemberEntryPage } from '../features/member/components/member-entry-page';
import { ReceiptPage } from '../features/receipt/components/receipt-page';
import { RecommendListPage } from '../features/recommend/components/recommend-list-page';
import { ExternalEntry } from '../features/site/components/external-entry';
import { GroupAdminEntry } from '../features/site/components/group-admin-entry';
import { LandingConfigError } from '../features/site/components/landing-config-error';
import { LandingName } from '../features/site/components/landing-name';
import { WizardPage } from '../features/wizard/components/wizard-page';
import { CartRoute } from './routes/cart';
import { CompareRoute } from './routes/compare';
import { FrontPage } from './routes/front-page';
import { LandingRoute } from './routes/landing';
import { NotFoundPage } from './routes/not-found';
import { PlanDetailRoute } from './routes/plan-detail';
import { PlansRoute } from './routes/plans';
import { ReferralsRoute } from './routes/referrals';

export function AppRouter() {
  return (
    <Routes>
      {/* The front page is the site's: the store's or a rep's landing, a group's landing, or a role's home. */}
      <Route path="/" element={<FrontPage />} />
      <Route path="/home" element={<LandingRoute />} />
      <Route path="/member-benefit-store/:id/:tier" element={<MemberEntryPage />} />
      <Route path="/access-page" element={<AccessPage />} />
      <Route path="/access-pagenext" element={<AccessPage />} />
      <Route path="/landing-page" element={<AccessPage />} />
      <Route path="/member-home" element={<MemberHome />} />
      <Route path="/agent-home" element={<AgentHome />} />
      <Route path="/group-home" element={<GroupHome />} />
      <Route path="/agent-select-member" element={<CurrentMembers kind="agent" />} />
      <Route path="/group-select-member" element={<CurrentMembers kind="group" />} />
      <Route path="/referrals" element={<ReferralsRoute />} />
      <Route path="/external" element={<ExternalEntry />} />
      <Route path="/websites" element={<GroupAdminEntry />} />
      <Route path="/landing-config-error/:type/:redirect" element={<LandingConfigError />} />
      <Route path="/plans" element={<PlansRoute />} />
      <Route path="/plan/:id/:name" element={<PlanDetailRoute />} />
      <Route path="/compare" element={<CompareRoute />} />
      <Route path="/cart" element={<CartRoute />} />
      <Route path="/RecommendList" element={<RecommendListPage />} />
      <Route path="/continue-enrollment" element={<ContinuePage />} />
      <Route path="/direct-continue/:id/:tab" element={<DirectContinuePage />} />
      <Route path="/enrollment/receipt" element={<ReceiptPage />} />
      <Route path="/enrollment/:route" element={<WizardPage />} />
      <Route path="/404" element={<NotFoundPage />} />
      {/* Any other first segment is tried as a landing name (a rep's or group's site); an unknown one is a 404. */}
      <Route path="/:landing" element={<LandingName />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
