import type { BrowserContext } from 'playwright-core';

/** Every Content-Security-Policy violation any page of `context` reports, as Chromium logs it or as the event. */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`;
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${where}`,
      );
    });
  });
  context.on('console', (message) => {
    const text = message.text();
    if (/CSP violation|Content Security Policy/i.test(text)) violations.push(text);
  });
  return violations;
}
