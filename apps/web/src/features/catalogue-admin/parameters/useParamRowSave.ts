import { ParametroWriteBody } from '@nido/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, useContractForm } from '../../../lib/forms.ts';
import { apiErrorText } from '../../../lib/messages.ts';
import { type ParametroRowT, saveParameter } from '../api.ts';
import { draftOf, EMPTY_DRAFT, normalized, type ParamDraft, rules, sameValues } from './paramDraft.ts';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * An option row's form and its save on blur (product.md §5.3): `commit(fields)` marks the fields
 * visited, checks the row, and saves it when it is valid and changed; a new row (id 0) is created by
 * its first valid save. A change made while a save is under way is saved right after it.
 */
export function useParamRowSave({
  row,
  groupId,
  sectionId,
  onSaved,
}: {
  row: ParametroRowT | null;
  groupId: number;
  sectionId: number;
  onSaved: (row: ParametroRowT) => void;
}) {
  const { t } = useTranslation('catalogAdmin');
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  /** The row as last stored. */
  const savedRef = useRef(row ? draftOf(row) : EMPTY_DRAFT);
  const savingRef = useRef(false);
  const againRef = useRef(false);

  /** The parametro/updateNewWithImage body of a row. */
  function payloadOf(d: ParamDraft) {
    const norm = normalized(d);
    return {
      id: d.id,
      parametros_grupos_id: groupId,
      ...norm,
      color: norm.color || null,
      section_id: sectionId,
    };
  }

  const form = useContractForm<ParamDraft, unknown>({
    initialValues: savedRef.current,
    schema: ParametroWriteBody,
    input: (d) => payloadOf(d),
    rules,
    onEdit: () => {
      if (status === 'saved' || status === 'failed') setStatus('idle');
    },
  });

  // A newer server copy (a reorder, a move, a refetch) replaces the row when nothing is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new server copy of the row
  useEffect(() => {
    if (!row) return;
    const next = draftOf(row);
    if (sameValues(form.getValues(), savedRef.current) && !savingRef.current) {
      savedRef.current = next;
      form.setValues(next);
    }
  }, [row]);

  async function commit(fields?: string[]) {
    const current = form.getValues();
    const found = form.findErrors(current);
    const nowTouched = new Set(touched);
    for (const f of fields ?? []) nowTouched.add(f);
    setTouched(nowTouched);
    // A new row shows only the messages of the fields already visited; a saved row shows all.
    const shown: FieldErrors = {};
    for (const [k, v] of Object.entries(found)) {
      if (current.id !== 0 || nowTouched.has(k)) shown[k] = v;
    }
    form.setErrors(shown);
    if (Object.keys(found).length > 0) return;
    // Show the stored form of price and letters.
    const norm = normalized(current);
    if (String(norm.price) !== current.price || String(norm.letters) !== current.letters) {
      form.setValues({ price: String(norm.price), letters: String(norm.letters) });
    }
    if (current.id !== 0 && sameValues(current, savedRef.current)) return;
    if (savingRef.current) {
      againRef.current = true;
      return;
    }
    savingRef.current = true;
    setStatus('saving');
    setFailure(null);
    try {
      const result = await saveParameter(payloadOf(current));
      savedRef.current = draftOf(result);
      if (current.id === 0) form.setValues({ id: result.id });
      setStatus('saved');
      onSaved(result);
    } catch (error) {
      const fields = form.setServerErrors(error);
      setStatus('failed');
      setFailure(Object.keys(fields).length ? null : apiErrorText(error, t('params.saveError')));
    } finally {
      savingRef.current = false;
    }
    if (againRef.current) {
      againRef.current = false;
      await commit();
    }
  }

  return { form, commit, status, failure };
}
