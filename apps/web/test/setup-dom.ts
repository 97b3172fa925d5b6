// The component tests' setup (Vitest project web-components): jest-dom's matchers
// (toBeInTheDocument, toHaveAccessibleName…) and a clean document after every test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
