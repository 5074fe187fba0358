import { create } from 'zustand';

export interface ToastInput {
  text: string;
  description?: string;
  tone?: 'info' | 'success' | 'error';
  /** How long it stays; the spec uses 3 s to 5 s. */
  durationMs?: number;
  action?: { label: string; onPress: () => void };
  /** A tap on the toast itself does this (an in-app banner opens what it announces); otherwise a tap only closes it. */
  onPress?: () => void;
}

export interface Toast
  extends Required<Pick<ToastInput, 'text' | 'tone' | 'durationMs'>>, Pick<ToastInput, 'description' | 'action' | 'onPress'> {
  id: number;
}

interface ToastState {
  toasts: Toast[];
  dismiss(id: number): void;
}

const MAX_VISIBLE = 3;
let nextId = 1;

export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast from anywhere (a string is an info toast); returns its id for early dismissal. */
export function showToast(input: string | ToastInput): number {
  const options = typeof input === 'string' ? { text: input } : input;
  const toast: Toast = { id: nextId++, tone: 'info', durationMs: 3000, ...options };
  useToasts.setState((s) => ({ toasts: [...s.toasts, toast].slice(-MAX_VISIBLE) }));
  return toast.id;
}

export function dismissToast(id: number): void {
  useToasts.getState().dismiss(id);
}
