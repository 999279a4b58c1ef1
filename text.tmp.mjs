import { chromium } from '@playwright/test'
const base = 'http://localhost:3555'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
await page.request.post(`${base}/auth/dev`, { form: { email: 'demo@reachout.dev' }, maxRedirects: 0 })
const r = await page.request.get(`${base}/api/v1/sequences/${process.argv[2]}`)
const body = await r.json()
const seq = body.sequence ?? body
for (const s of seq.emailSteps ?? []) console.log('---', s.subject, '\n' + (s.text ?? s.body ?? s.content ?? JSON.stringify(s)).replace(/<[^>]+>/g, '\n'))
if (!seq.emailSteps) console.log(JSON.stringify(body).slice(0, 3000))
await browser.close()
