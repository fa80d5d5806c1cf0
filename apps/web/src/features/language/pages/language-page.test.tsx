import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { currentLanguage, saveLanguage } from '../../../lib/i18n';
import { renderPage } from '../../../test/render';
import { LanguagePage } from './language-page';

afterEach(() => saveLanguage('en'));

describe('language page: system or one language, saved at once', () => {
  it('offers system and the three languages by their own names, the current one checked', () => {
    renderPage(<LanguagePage />);
    expect(screen.getByTestId('nav-bar')).toHaveAttribute('data-nav-kind', 'custom');
    expect(screen.getByRole('radio', { name: /Follow system/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '中文' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Türkçe' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
  });

  it('saves a choice at once and relabels the page', async () => {
    renderPage(<LanguagePage />);
    await userEvent.click(screen.getByTestId('language-option-zh'));
    expect(localStorage.getItem('language')).toBe('zh');
    expect(currentLanguage()).toBe('zh');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('语言');
    expect(screen.getByRole('radio', { name: '中文' })).toBeChecked();
    await userEvent.click(screen.getByTestId('language-option-system'));
    expect(localStorage.getItem('language')).toBe('system');
    expect(screen.getByRole('radio', { name: /Follow system|跟随系统/ })).toBeChecked();
  });
});
