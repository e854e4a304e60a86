import { act, renderHook } from '@testing-library/react';
import { applyLanguage } from '@wayfarer/i18n';
import { useGuideLanguage } from '../hooks/use-guide-language';

afterEach(async () => {
  await applyLanguage('en');
});

describe("a sight's chosen guide language", () => {
  it("is the UI's language until the traveller chooses one", async () => {
    await applyLanguage('de');
    const { result } = renderHook(() => useGuideLanguage('sight-a'));
    expect(result.current[0]).toBe('de');
  });

  it("is shared by everything on the sight's page (the guide section and the offline pack) and kept for the tab", () => {
    const section = renderHook(() => useGuideLanguage('sight-b'));
    const pack = renderHook(() => useGuideLanguage('sight-b'));
    const other = renderHook(() => useGuideLanguage('sight-c'));
    act(() => section.result.current[1]('fr'));
    expect(pack.result.current[0]).toBe('fr');
    expect(other.result.current[0]).toBe('en');
    section.unmount();
    pack.unmount();
    // Back on the sight later in the same tab: the choice is still there.
    expect(renderHook(() => useGuideLanguage('sight-b')).result.current[0]).toBe('fr');
  });
});
