import { Group, List, Modal, Paper, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import {
  IconBox,
  IconLayersSubtract,
  IconPhoto,
  IconPlayerPlay,
  IconTool,
  IconZip,
} from "@tabler/icons-react";
import type { TModelInfo } from "@vitrine/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "../hooks/use-messages";

/** The fidelity (PSNR, dB) above which the render check sees no difference (the pipeline's gate). */
export const FIDELITY_GATE_DB = 45;

/** Bytes as kB or MB (1000-based, as file managers show them), in the page's language. */
export function formatBytes(bytes: number, lang: string): string {
  const number = new Intl.NumberFormat(lang === "ko" ? "ko-KR" : "en-US", { maximumFractionDigits: 1 });
  if (bytes >= 1_000_000) return `${number.format(bytes / 1_000_000)} MB`;
  if (bytes >= 1000) return `${number.format(bytes / 1000)} kB`;
  return `${number.format(bytes)} B`;
}

/** How much smaller `after` is than `before`, in whole percent (0 when it is not smaller). */
export function savedPercent(before: number, after: number): number {
  if (before <= 0 || after >= before) return 0;
  return Math.round((1 - after / before) * 100);
}

/** What the report says of each way the geometry is stored. */
const COMPRESSION_TEXT = {
  meshopt: "report.compressionText",
  draco: "report.compressionTextDraco",
  quantized: "report.compressionTextQuantized",
} as const;

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon variant="light" size={28} radius="xl">
          {icon}
        </ThemeIcon>
      }
    >
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </List.Item>
  );
}

/** Props of {@link OptimizationReport}. */
export interface OptimizationReportProps {
  info: TModelInfo;
}

/**
 * What processing did to the uploaded model (issue 16), in the owner's words: the file before and
 * after, the geometry (simplified within the render check, or why not), draw calls, textures and
 * compression. Contents processed before reports existed show their two sizes only.
 */
export function OptimizationReport({ info }: OptimizationReportProps) {
  const { t } = useTranslation("content");
  const lang = useLanguage();
  const count = (n: number) => n.toLocaleString(lang === "ko" ? "ko-KR" : "en-US");
  const after = info.optimized_bytes ?? info.original_bytes;
  const report = info.optimization;
  const geometry = () => {
    if (!report) return "";
    const triangles = { before: count(report.triangles_before), after: count(report.triangles_after) };
    const fidelity = report.fidelity_db === null ? "" : report.fidelity_db.toFixed(1);
    switch (report.simplify) {
      case "applied":
        return t("report.simplifyApplied", { ...triangles, fidelity, gate: FIDELITY_GATE_DB });
      case "kept":
        return t("report.simplifyKept", { ...triangles, fidelity, gate: FIDELITY_GATE_DB });
      case "none":
        return t("report.simplifyNone", triangles);
      default:
        return t("report.simplifySkipped", triangles);
    }
  };
  return (
    <Stack gap="md" data-testid="optimization-report">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Paper withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {t("report.uploaded")}
          </Text>
          <Text fw={700} size="lg" data-testid="report-before">
            {formatBytes(info.original_bytes, lang)}
          </Text>
        </Paper>
        <Paper withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {t("report.served")}
          </Text>
          <Text fw={700} size="lg" data-testid="report-after">
            {formatBytes(after, lang)}
          </Text>
        </Paper>
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-teal-light)">
          <Text size="xs" c="dimmed">
            {t("report.saved")}
          </Text>
          <Text fw={700} size="lg" data-testid="report-saved">
            {t("report.percent", { percent: savedPercent(info.original_bytes, after) })}
          </Text>
        </Paper>
      </SimpleGrid>
      {report ? (
        <List spacing="sm" center={false}>
          {report.repairs && report.repairs.length > 0 ? (
            <Step icon={<IconTool size={16} />} title={t("report.repairs")}>
              <span data-testid="report-repairs">
                {t("report.repairsIntro")}
                {report.repairs.map((repair) => (
                  <span key={repair.kind} style={{ display: "block" }}>
                    {`• ${t(`report.repair.${repair.kind}`, { count: repair.count, names: (repair.names ?? []).join(", ") })}`}
                  </span>
                ))}
              </span>
            </Step>
          ) : null}
          <Step icon={<IconBox size={16} />} title={t("report.geometry")}>
            <span data-testid="report-geometry">{geometry()}</span>
          </Step>
          <Step icon={<IconLayersSubtract size={16} />} title={t("report.drawCalls")}>
            {t("report.drawCallsText", {
              before: count(report.draw_calls_before),
              after: count(report.draw_calls_after),
            })}
          </Step>
          <Step icon={<IconPhoto size={16} />} title={t("report.textures")}>
            {report.textures.count === 0
              ? t("report.texturesNone")
              : t("report.texturesText", {
                  count: report.textures.count,
                  before: formatBytes(report.textures.bytes_before, lang),
                  after: formatBytes(report.textures.bytes_after, lang),
                  size: report.textures.max_size,
                })}
            {report.textures.quality_min !== undefined && report.textures.ssim_min !== undefined
              ? ` ${t("report.texturesQuality", {
                  quality:
                    report.textures.quality_min === report.textures.quality_max
                      ? report.textures.quality_min
                      : `${report.textures.quality_min}–${report.textures.quality_max}`,
                  ssim: report.textures.ssim_min.toFixed(3),
                })}`
              : null}
          </Step>
          {report.animation ? (
            <Step icon={<IconPlayerPlay size={16} />} title={t("report.motion")}>
              <span data-testid="report-motion">
                {t("report.motionText", {
                  count: report.animation.clips,
                  before: count(report.animation.keyframes_before),
                  after: count(report.animation.keyframes_after),
                })}
              </span>
            </Step>
          ) : null}
          <Step icon={<IconZip size={16} />} title={t("report.compression")}>
            <span data-testid="report-compression">{t(COMPRESSION_TEXT[report.geometry])}</span>
          </Step>
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {t("report.older")}
        </Text>
      )}
    </Stack>
  );
}

/** The report in a dialog, opened from the editor's menu. */
export function OptimizationReportModal({
  info,
  isOpen,
  onClose,
}: {
  info: TModelInfo | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("content");
  return (
    <Modal opened={isOpen} onClose={onClose} title={t("report.title")} size="lg" centered>
      {info ? (
        <OptimizationReport info={info} />
      ) : (
        <Group>
          <Text size="sm">{t("report.none")}</Text>
        </Group>
      )}
    </Modal>
  );
}
