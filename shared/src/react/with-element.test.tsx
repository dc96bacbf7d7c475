import { render, screen } from '@testing-library/react';
import { withElement } from './with-element';

describe('withElement', () => {
  it('puts the element where the message has its placeholder, wherever a translation puts it', () => {
    const english = (marker: string) => `Email notifications go to ${marker}.`;
    const welsh = (marker: string) => `${marker} yw'r cyfeiriad.`;
    const { container, rerender } = render(<p>{withElement(english, <strong>a@example.com</strong>)}</p>);
    expect(container.querySelector('p')?.innerHTML).toBe('Email notifications go to <strong>a@example.com</strong>.');
    rerender(<p>{withElement(welsh, <strong>a@example.com</strong>)}</p>);
    expect(container.querySelector('p')?.innerHTML).toBe("<strong>a@example.com</strong> yw'r cyfeiriad.");
    expect(screen.getByText('a@example.com').tagName).toBe('STRONG');
  });
});
