import { Link } from '@wayfarer/router';
import { usePageMeta } from '@wayfarer/ui';

const MILESTONES = [
  { date: '2024-03', text: 'The idea: an audio guide for a castle walk that did not have one.' },
  { date: '2024-09', text: 'First prototype with narrated stations for 40 sights in Vienna.' },
  { date: '2025-02', text: 'Worldwide catalogue of 15,000+ sights built from open data.' },
  { date: '2025-06', text: 'Community comments, ratings and photos launched.' },
  { date: '2025-08', text: 'Standard and Premium plans, shop and in-app currency.' },
];

const TEAM = [
  {
    name: 'Aisha Rahman',
    role: 'Co-founder & CEO',
    bio: 'Former tour guide; has walked visitors through 30 cities.',
  },
  { name: 'Daniel Koh', role: 'Co-founder & CTO', bio: 'Built mapping products for a decade.' },
  {
    name: 'Marta Nowak',
    role: 'Head of Content',
    bio: 'Historian who writes and edits the narrated guides.',
  },
  { name: 'Lucas Ferreira', role: 'Community Lead', bio: 'Keeps comments helpful and photos beautiful.' },
];

export function AboutPage() {
  usePageMeta({ title: 'About us', description: 'The story, milestones and team behind Wayfarer.' });
  return (
    <div className="wf-container wf-page">
      <header className="mk-hero">
        <h1>About Wayfarer</h1>
        <p className="mk-lead wf-muted">We want every sight in the world to come with a good story.</p>
      </header>
      <section className="mk-section mk-prose" aria-labelledby="about-story">
        <h2 id="about-story">Our story</h2>
        <p>
          Wayfarer started on a castle walk with no guide and a phone full of browser tabs. We built a map of
          the sights around you, added narrated guides with stations you can follow on foot, and invited
          travellers to share comments and photos so each place gets better with every visit.
        </p>
        <p>
          Today the catalogue covers more than fifteen thousand landmarks, museums, scenic spots and historic
          places, built from open data and improved by our community.{' '}
          <Link to="/explore">Start exploring</Link>.
        </p>
      </section>
      <section className="mk-section" aria-labelledby="about-milestones">
        <h2 id="about-milestones">Milestones</h2>
        <ol className="mk-timeline">
          {MILESTONES.map((m) => (
            <li key={m.date}>
              <time dateTime={m.date}>
                <strong>{m.date}</strong>
              </time>{' '}
              — {m.text}
            </li>
          ))}
        </ol>
      </section>
      <section className="mk-section" aria-labelledby="about-team">
        <h2 id="about-team">Team</h2>
        <ul className="mk-grid mk-team">
          {TEAM.map((t) => (
            <li key={t.name} className="wf-card">
              <div className="mk-avatar" aria-hidden="true">
                {t.name
                  .split(' ')
                  .map((p) => p[0])
                  .join('')}
              </div>
              <h3>{t.name}</h3>
              <p className="wf-muted">{t.role}</p>
              <p>{t.bio}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
