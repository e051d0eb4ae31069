import { BenchSite } from './setup';
import { sizedArticle } from '../core/test/helpers/sized-article';
async function main() {
  const site = await BenchSite.start({ NODE_OPTIONS: '--require /tmp/prof/start.js' });
  try {
    await site.usePluginSettings({ targetContentType: process.env.PROF_TARGET ?? 'api::blog-article.blog-article', bodyFormat: 'auto' });
    const content = sizedArticle(Number(process.env.PROF_BYTES ?? 300_000)).replace(/<figure>.*?<\/figure>\n?/g, '');
    const pid = site.site.process.pid!;
    process.kill(pid, 'SIGUSR2'); await new Promise((r) => setTimeout(r, 500));
    const t = performance.now();
    const r = await site.publish({ title: 'Choosing a garden hose', slug: 'prof-1', content, status: 'publish',
      focus_keyword: 'garden hose', meta_description: 'A benchmark article long enough to satisfy the SEO component minimum length rule.' });
    console.log('publish', r.status, Math.round(performance.now() - t), 'ms', r.text.slice(0, 200));
    console.log(JSON.stringify(site.takeStageRecords('publish')));
    process.kill(pid, 'SIGWINCH'); await new Promise((r) => setTimeout(r, 5000));
  } finally { await site.stop(); }
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
