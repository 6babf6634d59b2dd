import { lazy, Suspense, useState } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { prefetchEnrollmentStep } from '../features/wizard/api/get-enrollment-step';
import { useT } from '../lib/i18n';
import { common } from '../lib/messages';
import { tempId } from '../lib/storage';
import { FrontPage } from './routes/front-page';
import { LandingRoute, loadLandingMore } from './routes/landing';

// The landing page (the front page and the entries that lead to it) is in the main script; every other page loads
// when first opened: those most visitors never open (the homes' lists, the receipt, ...), the shop's (plans, a plan,
// the cart, the referral landing) and the wizard, so that neither the landing page nor a wizard step carries the
// others' pages.
const AgentHome = lazy(() => import('../features/homes/components/agent-home').then((m) => ({ default: m.AgentHome })));
const GroupHome = lazy(() => import('../features/homes/components/group-home').then((m) => ({ default: m.GroupHome })));
const MemberHome = lazy(() => import('../features/homes/components/member-home').then((m) => ({ default: m.MemberHome })));
const CartRoute = lazy(() => import('./routes/cart').then((m) => ({ default: m.CartRoute })));
const PlanDetailRoute = lazy(() => import('./routes/plan-detail').then((m) => ({ default: m.PlanDetailRoute })));
const PlansRoute = lazy(() => import('./routes/plans').then((m) => ({ default: m.PlansRoute })));
const ReferralsRoute = lazy(() => import('./routes/referrals').then((m) => ({ default: m.ReferralsRoute })));
const AccessPage = lazy(() => import('../features/access/components/access-page').then((m) => ({ default: m.AccessPage })));
const ContinuePage = lazy(() => import('../features/continue/components/continue-page').then((m) => ({ default: m.ContinuePage })));
const DirectContinuePage = lazy(() => import('../features/continue/components/direct-continue-page').then((m) => ({ default: m.DirectContinuePage })));
const CurrentMembers = lazy(() => import('../features/current-members/components/current-members').then((m) => ({ default: m.CurrentMembers })));
const MemberEntryPage = lazy(() => import('../features/member/components/member-entry-page').then((m) => ({ default: m.MemberEntryPage })));
const ReceiptPage = lazy(() => import('../features/receipt/components/receipt-page').then((m) => ({ default: m.ReceiptPage })));
const MyPoliciesPage = lazy(() => import('../features/my-policies/components/my-policies-page').then((m) => ({ default: m.MyPoliciesPage })));
const RecommendListPage = lazy(() => import('../features/recommend/components/recommend-list-page').then((m) => ({ default: m.RecommendListPage })));
const NotFoundPage = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })));
// Entries by a link (a rep's or group's landing name, a partner's site) load when such a link is followed.
const ExternalEntry = lazy(() => import('../features/site/components/external-entry').then((m) => ({ default: m.ExternalEntry })));
const LandingName = lazy(() => import('../features/site/components/landing-name').then((m) => ({ default: m.LandingName })));
const GroupAdminEntry = lazy(() => import('../features/site/components/group-admin-entry').then((m) => ({ default: m.GroupAdminEntry })));
const LandingConfigError = lazy(() => import('../features/site/components/landing-config-error').then((m) => ({ default: m.LandingConfigError })));
let wizard: typeof import('../features/wizard/components/wizard-page') | null = null;
const loadWizard = () => import('../features/wizard/components/wizard-page').then((m) => (wizard = m));
const LazyWizardPage = lazy(() => loadWizard().then((m) => ({ default: m.WizardPage })));

/** The wizard, drawn at once when its script is already here (preloaded: see preloadOpenedPage). */
function WizardPage() {
  const [Ready] = useState(() => wizard?.WizardPage ?? null);
  return Ready ? <Ready /> : <LazyWizardPage />;
}
const SigningPage = lazy(() => import('../features/remote-signing/components/signing-page').then((m) => ({ default: m.SigningPage })));
const InvitationPage = lazy(() => import('../features/employer/components/invitation-page').then((m) => ({ default: m.InvitationPage })));
const EmployerPage = lazy(() => import('../features/employer/components/employer-page').then((m) => ({ default: m.EmployerPage })));
const ReviewsPage = lazy(() => import('../features/reviews/components/reviews-page').then((m) => ({ default: m.ReviewsPage })));
const CarrierConsole = lazy(() => import('../features/carrier/components/carrier-console').then((m) => ({ default: m.CarrierConsole })));
const CompareRoute = lazy(() => import('./routes/compare').then((m) => ({ default: m.CompareRoute })));

/**
 * A fresh load of the front page asks for what lies below its filter at once. A fresh load of a wizard step's address
 * asks for the wizard's script, the form's and the step itself at once, beside
 * the site's call, rather than each after the one before (the page waits for the site, the step for the page's script,
 * the form for the step).
 */
export function preloadOpenedPage(pathname: string) {
  if (pathname === '/' || pathname === '/home') void loadLandingMore().catch(() => undefined);
  const step = /^\/enrollment\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!step || step === 'receipt') return;
  void loadWizard().catch(() => undefined);
  const enrollmentId = tempId.get();
  if (enrollmentId) prefetchEnrollmentStep({ enrollment_id: enrollmentId, route: decodeURIComponent(step) });
}

/** Another name of the page at `to`: the address is replaced, its query kept. */
function Alias({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

export function AppRouter() {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p role="status" className="page-pending">
          {t(common.loading)}
        </p>
      }
    >
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
      <Route path="/my-policies" element={<MyPoliciesPage />} />
      <Route path="/enrollment/:route" element={<WizardPage />} />
      <Route path="/carrier" element={<CarrierConsole />} />
      <Route path="/reviews" element={<ReviewsPage />} />
      <Route path="/employer" element={<EmployerPage />} />
      <Route path="/invitation" element={<InvitationPage />} />
      <Route path="/my-enrollment" element={<InvitationPage />} />
      <Route path="/sign/:token" element={<SigningPage />} />
      <Route path="/404" element={<NotFoundPage />} />
      {/* The routing table's other names for pages the store has under one name. */}
      <Route path="/website" element={<GroupAdminEntry />} />
      <Route path="/recommend-list" element={<Alias to="/RecommendList" />} />
      {/* Checkout's confirmation is asked over the cart, and a plan's questions on the plan's page. */}
      <Route path="/confirmation" element={<Alias to="/cart" />} />
      <Route path="/PlanQuestionView" element={<Alias to="/plans" />} />
      {/* Any other first segment is tried as a landing name (a rep's or group's site), alone or before a page of it;
          an unknown one is a 404. */}
      <Route path="/:landing" element={<LandingName />} />
      <Route path="/:landing/*" element={<LandingName />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
    </Suspense>
  );
}
