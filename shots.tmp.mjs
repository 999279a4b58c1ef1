import { chromium } from '@playwright/test'
const base = 'http://localhost:3555'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
const page = await context.newPage()
const r = await page.request.post(`${base}/auth/dev`, { form: { email: 'demo@reachout.dev' }, maxRedirects: 0 })
console.log('signin', r.status())
const paths = process.argv.slice(2)
for (const p of paths) {
  if (p.startsWith('@')) {
    const href = await page.getByRole('link', { name: p.slice(1) }).first().getAttribute('href')
    await page.goto(new URL(href, page.url()).href)
  }
  else await page.goto(base + p)
  await page.waitForLoadState('networkidle').catch(() => {})
  await page.waitForTimeout(300)
  const name = p.replace(/[^a-z0-9]+/gi, '_') || 'root'
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true })
  console.log(p, '->', page.url())
}
await browser.close()
