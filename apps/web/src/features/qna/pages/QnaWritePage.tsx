import { Alert, Anchor, Button, Checkbox, Group, Select, Stack, Textarea, TextInput } from "@mantine/core";
import {
  QNA_CATEGORIES,
  QNA_IMAGES_MAX,
  QNA_TEXT_MAX,
  qnaCreateCall,
  qnaDetailCall,
  qnaUpdateCall,
  type TQnaCategory,
  type TUploadedFile,
} from "@vitrine/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { api } from "../../../api";
import { useCall } from "../../../api/use-call";
import { useSession } from "../../../stores/session";
import { FileUploads } from "../../../ui/FileUploads";
import { PageIntro } from "../../../ui/PageIntro";
import { RequestFormFrame } from "../../../ui/RequestFormFrame";
import { useRequestSubmit } from "../../../ui/use-request-submit";

/** `/qnawrite` (and `?id=` to edit one's unanswered question): signed-in owners ask. */
export default function QnaWritePage() {
  const { t } = useTranslation("qna");
  const { t: tCodes } = useTranslation("codes");
  const { t: tAccounts } = useTranslation("accounts");
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = useSession((s) => s.accessToken);
  const editId = params.get("id");
  const existing = useCall(qnaDetailCall, token && editId ? { qna_id: editId } : null);
  const [title, setTitle] = useState("");
  const [category, setCategory] = useState<TQnaCategory>("general");
  const [body, setBody] = useState("");
  const [images, setImages] = useState<TUploadedFile[]>([]);
  const [isPrivate, setIsPrivate] = useState(false);
  const form = useRequestSubmit(t("form.invalid"));
  const { errors } = form;

  useEffect(() => {
    const doc = existing.data?.doc;
    if (!doc) return;
    setTitle(doc.title);
    setCategory(doc.category);
    setBody(doc.body);
    setIsPrivate(doc.is_private);
    setImages(doc.images.map((url, i) => ({ url, name: `image-${i + 1}`, size: 0, type: "image/*" })));
  }, [existing.data]);

  if (!token) {
    return (
      <PageIntro title={t("write.pageTitle")} lead={t("write.lead")} size="md">
        <Alert
          color="blue"
          title={tCodes("loginRequired")}
          data-testid="qna-login-required"
          styles={{ title: { color: "var(--mantine-color-blue-9)" } }}
        >
          <Stack gap="sm" align="flex-start">
            {tAccounts("requireLogin.text")}
            <Button
              onClick={() =>
                void navigate("/login", { state: { from: `${location.pathname}${location.search}` } })
              }
            >
              {tAccounts("requireLogin.signIn")}
            </Button>
          </Stack>
        </Alert>
      </PageIntro>
    );
  }

  const onSubmit = () => {
    const fields = { title, category, body, images: images.map((i) => i.url), is_private: isPrivate };
    return form.submit(
      { title: [title, t("form.titleRequired")], body: [body, t("form.bodyRequired")] },
      () => (editId ? api(qnaUpdateCall, { qna_id: editId, ...fields }) : api(qnaCreateCall, fields)),
      (data) => void navigate(`/qnacontentdetails?id=${data.doc.id}`),
    );
  };

  return (
    <PageIntro title={editId ? t("write.editTitle") : t("write.pageTitle")} lead={t("write.lead")} size="md">
      <RequestFormFrame onSubmit={onSubmit} failure={form.failure} padding="xl">
        <TextInput
          label={t("form.title")}
          placeholder={t("form.titlePlaceholder")}
          value={title}
          maxLength={QNA_TEXT_MAX.title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
          required
        />
        <Select
          label={t("form.category")}
          data={QNA_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
          value={category}
          onChange={(v) => v && setCategory(v as TQnaCategory)}
          allowDeselect={false}
        />
        <Textarea
          label={t("form.content")}
          placeholder={t("form.contentPlaceholder")}
          autosize
          minRows={6}
          value={body}
          maxLength={QNA_TEXT_MAX.body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={errors.body}
          required
        />
        <FileUploads
          purpose="qna_image"
          files={images}
          onChange={setImages}
          max={QNA_IMAGES_MAX}
          accept="image/png,image/jpeg"
          label={t("form.images")}
          hint={t("form.imagesHint")}
        />
        <Checkbox
          label={t("form.private")}
          description={t("form.privateHint")}
          checked={isPrivate}
          onChange={(e) => setIsPrivate(e.currentTarget.checked)}
        />
        <Group justify="space-between">
          <Anchor component={Link} to="/qnalist" size="sm">
            {t("backToList")}
          </Anchor>
          <Button type="submit" loading={form.isBusy}>
            {editId ? t("form.save") : t("form.submit")}
          </Button>
        </Group>
      </RequestFormFrame>
    </PageIntro>
  );
}
