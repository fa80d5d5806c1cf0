import { createContext, useContext } from 'react';
import type { Operator } from '@cliffhanger/contract/console';

export const OperatorContext = createContext<Operator | null>(null);

/** The signed-in operator: every page under the layout has one (RequireOperator waits for it). */
export function useOperator(): Operator {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useOperator is used outside the signed-in layout');
  return operator;
}
