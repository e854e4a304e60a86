import { Link } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';
import { useFormat, useTranslation } from '@wayfarer/i18n';
import { MARKETING_NS } from '../../i18n';

const MILESTONES = [
  { date: '2024-03', text: 'about.m1' },
  { date: '2024-09', text: 'about.m2' },
  { date: '2025-02', text: 'about.m3' },
  { date: '2025-06', text: 'about.m4' },
  { date: '2025-08', text: 'about.m5' },
];

const TEAM = [
  { name: 'Aisha Rahman', role: 'about.ceo', bio: 'about.ceoBio' },
  { name: 'Daniel Koh', role: 'about.cto', bio: 'about.ctoBio' },
  { name: 'Marta Nowak', role: 'about.content', bio: 'about.contentBio' },
  { name: 'Lucas Ferreira', role: 'about.community', bio: 'about.communityBio' },
];

export function AboutPage() {
  const { t } = useTranslation(MARKETING_NS);
  const f = useFormat();
  usePageMeta({ title: t('about.metaTitle'), description: t('about.metaDescription') });
  return (
    <div className="wf-container wf-page">
      <header className="mk-hero">
        <h1>{t('about.title')}</h1>
        <p className="mk-lead wf-muted">{t('about.lead')}</p>
      </header>
      <section className="mk-section mk-prose" aria-labelledby="about-story">
        <h2 id="about-story">{t('about.story')}</h2>
        <p>{t('about.story1')}</p>
        <p>
          {t('about.story2')} <Link to="/explore">{t('about.start')}</Link>.
        </p>
      </section>
      <section className="mk-section" aria-labelledby="about-milestones">
        <h2 id="about-milestones">{t('about.milestones')}</h2>
        <ol className="mk-timeline">
          {MILESTONES.map((m) => (
            <li key={m.date}>
              <time dateTime={m.date}>
                <strong>
                  {f.date(`${m.date}-01T00:00:00Z`, { year: 'numeric', month: 'long', timeZone: 'UTC' })}
                </strong>
              </time>{' '}
              — {t(m.text)}
            </li>
          ))}
        </ol>
      </section>
      <section className="mk-section" aria-labelledby="about-team">
        <h2 id="about-team">{t('about.team')}</h2>
        <ul className="mk-grid mk-team">
          {TEAM.map((member) => (
            <li key={member.name} className="wf-card">
              <div className="mk-avatar" aria-hidden="true">
                {member.name
                  .split(' ')
                  .map((p) => p[0])
                  .join('')}
              </div>
              <h3>{member.name}</h3>
              <p className="wf-muted">{t(member.role)}</p>
              <p>{t(member.bio)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
