import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Modal } from '../components/modal';
import { EmployeeEnrollment } from '../features/access/components/employee-enrollment';
import { useBeginEnrollment } from '../features/access/hooks/use-begin-enrollment';
import { useCartCount } from '../lib/cart-count';
import { money } from '../utils/format';

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

/** Every page: the header with the cart's badge, the page, and the footer with its ways in. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <Header />
      <main id="main">{children}</main>
      <Footer />
    </>
  );
}
