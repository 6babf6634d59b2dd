import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section>
      <h1>OOPS! Page not found</h1>
      <button
        type="button"
        className="primary"
        onClick={() => {
          localStorage.clear();
          navigate('/');
        }}
      >
        Back to Homepage
      </button>
    </section>
  );
}
