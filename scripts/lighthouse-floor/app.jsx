// The floor: the web app's stack (React 19, React Router's data router, TanStack Query) drawing
// one sign-in form, and nothing of the product's. Its TBT is what the stack alone costs on this
// host at a page's CPU slowdown (docs/web-quality.md, Lighthouse).
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

function SignIn() {
  const [email, setEmail] = useState('');
  return (
    <main>
      <h1 className="logo">RUTHLESS</h1>
      <form onSubmit={(event) => event.preventDefault()}>
        <input
          aria-label="Email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <input aria-label="Password" type="password" />
        <button type="submit">Log in</button>
      </form>
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <SignIn /> }], { basename: '/floor' });
createRoot(document.getElementById('root')).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
