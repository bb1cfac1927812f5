/** The parts of untyped packages the content pipeline uses. */
declare module "gltf-validator" {
  /** One issue of a validation report. */
  export interface TValidatorMessage {
    code: string;
    message: string;
    /** 0 error, 1 warning, 2 information, 3 hint. */
    severity: number;
    pointer?: string;
  }

  /** A validation report. */
  export interface TValidationReport {
    mimeType?: string;
    validatorVersion: string;
    issues: {
      numErrors: number;
      numWarnings: number;
      numInfos: number;
      numHints: number;
      messages: TValidatorMessage[];
      truncated: boolean;
    };
  }

  /** Options of `validateBytes`. */
  export interface TValidationOptions {
    uri?: string;
    format?: "glb" | "gltf";
    maxIssues?: number;
    ignoredIssues?: string[];
    writeTimestamp?: boolean;
    externalResourceFunction?: (uri: string) => Promise<Uint8Array>;
  }

  /** Validates a glTF or GLB asset; rejects when the format cannot be detected. */
  export function validateBytes(data: Uint8Array, options?: TValidationOptions): Promise<TValidationReport>;
}

declare module "draco3dgltf" {
  /** Creates the Draco decoder module (WebAssembly). */
  export function createDecoderModule(options?: object): Promise<unknown>;
  /** Creates the Draco encoder module (WebAssembly). */
  export function createEncoderModule(options?: object): Promise<unknown>;
}
