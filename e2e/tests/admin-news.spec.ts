import { test, expect } from '../fixtures';
import { USERS, signIn } from '../helpers';

test('admin creates, edits, publishes and deletes a news item; visitors see it on /news only while published @needs-marketing', async ({
  page,
  browser,
  stack,
}) => {
  const title = `E2E launch note ${Date.now()}`;
  const edited = `${title} (edited)`;
  await signIn(page, USERS.admin.email, USERS.admin.password, '/admin/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News', exact: true })).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole('button', { name: 'New news item' }).click();
  const create = page.getByRole('form', { name: 'Create news item' });
  await create.getByLabel('Title').fill(title);
  await create.getByLabel('Summary (optional)').fill('A short summary for the list.');
  await create.getByLabel('Text').fill('The full text of the news item, written by the e2e test.');
  await create.getByRole('button', { name: 'Create news' }).click();
  const rows = page.getByTestId('admin-news-row');
  await expect(rows.first()).toContainText(title); // created news goes to the front
  await expect(rows.first()).toContainText('Draft');

  const visitor = await browser.newPage({ baseURL: stack.shellUrl });
  await visitor.goto('/news');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText(title)).toHaveCount(0); // drafts never visible

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('form', { name: 'Edit news item' });
  await edit.getByLabel('Title').fill(edited);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(rows.first()).toContainText(edited);

  await page.getByRole('button', { name: `Publish ${edited}` }).click();
  await expect(rows.first()).toContainText('Published');
  await visitor.reload();
  await expect(visitor.getByText(edited).first()).toBeVisible({ timeout: 30_000 });

  await page.reload();
  await expect(page.getByTestId('admin-news-row').filter({ hasText: edited })).toContainText('Published');
  const row = page.getByTestId('admin-news-row').filter({ hasText: edited });
  await row.getByRole('button', { name: 'Delete' }).click();
  await row.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByTestId('admin-news-row').filter({ hasText: edited })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(visitor.getByText(edited)).toHaveCount(0);
  await visitor.close();
});
