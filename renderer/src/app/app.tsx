import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { useState } from 'react';
import { Modal } from '../components/modal';
import { AccessPage, EmployeeEnrollment, useBeginEnrollment } from '../features/access/access-page';
import { CartPage } from '../features/cart/cart-page';
import { ContinuePage } from '../features/continue/continue-page';
import { DirectContinuePage } from '../features/continue/direct-continue-page';
import { LandingPage } from '../features/filter/landing-page';
import { MemberEntryPage } from '../features/member/member-entry-page';
import { PlanDetailPage } from '../features/plan-detail/plan-detail-page';
import { PlansPage } from '../features/plans/plans-page';
import { ReceiptPage } from '../features/receipt/receipt-page';
import { WizardPage } from '../features/wizard/wizard-page';
import { CartCountProvider, useCartCount } from '../lib/cart-count';
import { money } from '../lib/api';
import { NotFoundPage } from './not-found';

function Header() {
  const { count, amount } = useCartCount();
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        Benefit Store
      </Link>
      <nav aria-label="Main">
        <Link to="/">Home</Link>
        <Link to="/cart" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}, ${money(amount)}`}>
          Cart <span className="badge">{count}</span>
        </Link>
      </nav>
    </header>
  );
}

function Footer() {
  const [employee, setEmployee] = useState(false);
  const begin = useBeginEnrollment();
  return (
    <footer className="site-footer">
      <p>
        Questions? Call <a href="tel:+18005550100">(800) 555-0100</a> or write to <a href="mailto:help@benefitstore.example">help@benefitstore.example</a>
      </p>
      <nav aria-label="Footer">
        <button type="button" className="link" onClick={() => setEmployee(true)}>
          Employee Enrollment
        </button>{' '}
        · <Link to="/access-pagenext">Rep Access Code</Link> ·{' '}
        <Link to="/continue-enrollment">Continue Enrollment</Link>
      </nav>
      <p>© {new Date().getFullYear()} Benefit Store. All rights reserved.</p>
      <Modal title="Employee Enrollment" open={employee}>
        <EmployeeEnrollment
          onConfirmed={() => {
            setEmployee(false);
            begin(null);
          }}
        />
        <div className="buttons">
          <button type="button" onClick={() => setEmployee(false)}>
            Close
          </button>
        </div>
      </Modal>
    </footer>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <CartCountProvider>
        <Header />
        <main id="main">
          <Routes>
            <Route path="/" element={<LandingPage />} />
            <Route path="/member-benefit-store/:id/:tier" element={<MemberEntryPage />} />
            <Route path="/access-pagenext" element={<AccessPage />} />
            <Route path="/landing-page" element={<AccessPage />} />
            {/* The role homes of the storefront are not built yet; each opens the filter, where every enrollment starts. */}
            <Route path="/member-home" element={<LandingPage />} />
            <Route path="/agent-home" element={<LandingPage />} />
            <Route path="/group-home" element={<LandingPage />} />
            <Route path="/plans" element={<PlansPage />} />
            <Route path="/plan/:id/:name" element={<PlanDetailPage />} />
            <Route path="/cart" element={<CartPage />} />
            <Route path="/continue-enrollment" element={<ContinuePage />} />
            <Route path="/direct-continue/:id/:tab" element={<DirectContinuePage />} />
            <Route path="/enrollment/receipt" element={<ReceiptPage />} />
            <Route path="/enrollment/:route" element={<WizardPage />} />
            <Route path="/404" element={<NotFoundPage />} />
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Routes>
        </main>
        <Footer />
      </CartCountProvider>
    </BrowserRouter>
  );
}
