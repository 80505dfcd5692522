import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './api-client';
import { createCampaignTracker, useCampaignTracking, type CampaignTracker } from './tracking';

function fakeApi() {
  const request = vi.fn<ApiClient['request']>(async () => undefined as never);
  return { api: { request, url: (path: string) => path } as ApiClient, request };
}

function Probe({ tracker }: { tracker: CampaignTracker }) {
  useCampaignTracking(tracker);
  return null;
}

/** Opens the app at `url` under StrictMode (effects run twice) with a tracker on every route. */
function open(url: string, tracker: CampaignTracker) {
  const router = createMemoryRouter([{ path: '*', element: <Probe tracker={tracker} /> }], { initialEntries: [url] });
  const view = render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return { router, view };
}

describe('campaign tracking', () => {
  it('posts the fz* parameters once when fzsrc is present', async () => {
    const { api, request } = fakeApi();
    open('/depot?fzsrc=newsletter&fzmedium=email&fzcampaign=herbst&fzterms=etf,sparplan&tab=2', createCampaignTracker(api));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('POST', '/api/user/tracking', {
      body: { fzsrc: 'newsletter', fzmedium: 'email', fzcampaign: 'herbst', fzterms: ['etf', 'sparplan'] },
      skipGlobalErrorHandler: true,
    });
  });

  it('does not post again for the same campaign on re-render or navigation', async () => {
    const { api, request } = fakeApi();
    const tracker = createCampaignTracker(api);
    const { router, view } = open('/depot?fzsrc=partner', tracker);
    view.rerender(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    await act(() => router.navigate('/orders'));
    await act(() => router.navigate('/depot?fzsrc=partner'));
    expect(request).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/depot?fzsrc=other'));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('never posts without fzsrc', async () => {
    const { api, request } = fakeApi();
    const tracker = createCampaignTracker(api);
    const { router } = open('/depot?fzmedium=email&fzcampaign=herbst', tracker);
    await act(() => router.navigate('/orders?fzsrc='));
    expect(request).not.toHaveBeenCalled();
  });

  it('swallows a failing tracking call', async () => {
    const request = vi.fn<ApiClient['request']>(async () => {
      throw new Error('down');
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      createCampaignTracker({ request, url: (path: string) => path } as ApiClient).track('?fzsrc=x');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(request).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
