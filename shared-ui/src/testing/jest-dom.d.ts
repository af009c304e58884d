// jest/setupDom.ts registers the jest-dom matchers at run time; this gives the type checker them too.
import '@testing-library/jest-dom';
