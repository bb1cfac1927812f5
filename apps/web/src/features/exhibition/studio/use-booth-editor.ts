import { notifications } from "@mantine/notifications";
import {
  boothUpdateCall,
  type TBoothAllowance,
  type TBoothOwnerDoc,
  type TBoothProduct,
} from "@vitrine/contract";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { useChannelFieldMessage } from "../../../api/channel-field-message";
import { planLimitOf } from "../../../api/plan-limit";
import { fieldErrorsOf } from "../../../api/result-message";
import { useResultMessage } from "../../../i18n/use-messages";
import type { TLanguage } from "../../../stores/language";
import { draftOf, isDraftDirty, previewOf, type TBoothDraft } from "./draft";

/** What {@link useBoothEditor} takes: the booth, the plan's allowance and the owner's contents. */
export interface TBoothEditorInput {
  doc: TBoothOwnerDoc;
  allowance: TBoothAllowance;
  ready: readonly TBoothProduct[];
  lang: TLanguage;
  onSaved: (doc: TBoothOwnerDoc) => void;
}

/**
 * The booth editor's state: the draft (reset when the saved booth changes), saving it with its
 * field errors, plan limit and failure, and the product the preview's stage shows.
 */
export function useBoothEditor({ doc, allowance, ready, lang, onSaved }: TBoothEditorInput) {
  const { t } = useTranslation("exhibition");
  const { t: tCodes } = useTranslation("codes");
  const fieldMessage = useChannelFieldMessage();
  const messageOf = useResultMessage();
  const [draft, setDraft] = useState<TBoothDraft>(() => draftOf(doc));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [limit, setLimit] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => setDraft(draftOf(doc)), [doc]);
  const patch = (part: Partial<TBoothDraft>) => setDraft((d) => ({ ...d, ...part }));

  const products = useMemo(() => {
    const map = new Map<string, TBoothProduct>(doc.products.map((p) => [p.content_id, p]));
    for (const p of ready) map.set(p.content_id, p);
    return map;
  }, [doc.products, ready]);
  const preview = previewOf(doc, draft, products, lang);
  const shownId =
    selected && draft.product_ids.includes(selected) ? selected : (preview.hero?.content_id ?? null);

  const save = async () => {
    setIsSaving(true);
    setErrors({});
    setFailure(null);
    setLimit(null);
    const res = await api(boothUpdateCall, { booth_id: doc.booth_id, ...draft, lang });
    setIsSaving(false);
    if (res.status) {
      notifications.show({ color: "green", message: tCodes("boothSaved") });
      onSaved(res.data.doc);
      return;
    }
    const planLimit = planLimitOf(res);
    if (planLimit) {
      setLimit(
        planLimit.limit === "booth_video"
          ? t("studio.videoPlan")
          : t("studio.productLimit", { max: allowance.products }),
      );
      return;
    }
    const fields = fieldErrorsOf(res);
    if (Object.keys(fields).length > 0) {
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fieldMessage(v)])));
      setFailure(tCodes("validation"));
      return;
    }
    setFailure(messageOf(res));
  };

  return {
    draft,
    patch,
    isDirty: isDraftDirty(doc, draft),
    errors,
    failure,
    setFailure,
    limit,
    isSaving,
    save,
    preview,
    shownId,
    shown: shownId ? products.get(shownId) : undefined,
    setSelected,
  };
}
