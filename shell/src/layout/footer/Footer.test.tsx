import { screen } from '@testing-library/react';
import { renderApp } from 'shared-data/testing';
import { Footer } from './Footer';

const renderFooter = () => renderApp(<Footer />);

describe('Footer copyright', () => {
  afterEach(() => jest.useRealTimers());

  it("shows Japan's year: at 00:30 on January 1st in Tokyo it is already the new year, whatever the host's zone", () => {
    // 2026-12-31 15:30 UTC is 2027-01-01 00:30 in Tokyo (UTC+9); the host's own clock (UTC on
    // the machines these tests run on) still says 2026.
    jest.useFakeTimers({ now: new Date('2026-12-31T15:30:00Z') });
    renderFooter();
    expect(screen.getByText(/^©/)).toHaveTextContent('© 2027 株式会社AIまなび. All rights reserved.');
  });

  it('still shows the old year until midnight in Tokyo', () => {
    jest.useFakeTimers({ now: new Date('2026-12-31T14:59:00Z') });
    renderFooter();
    expect(screen.getByText(/^©/)).toHaveTextContent('© 2026 株式会社AIまなび');
  });
});
