/**
 * Issue 6, web: upload of audiogram files, the automatic-reading status and the review grid.
 * The report wizard (step 4) and the exam detail page use these.
 */
export { FileDropZone, type FileDropZoneProps, type UploadBatchResult, type UploadItem, type UploadItemState } from './components/file-drop-zone';
export { AiStatusPanel, POLL_INTERVAL_MS, POLL_MAX_ATTEMPTS, type AiStatus, type AiStatusPanelProps } from './components/ai-status-panel';
export { AudiogramReviewGrid, type AudiogramReviewGridProps } from './components/audiogram-review-grid';
export { ExamAudiogramSection } from './components/exam-audiogram-section';
export { PendingReadingReview, mismatchSentences, type PendingReadingReviewProps } from './components/pending-reading-review';
export { applyReading, discardReading, fetchReadings, hasAirThresholds, sourceLabel, uploadExamFile, type AmbienteInfo, type ExamReading, type UploadAnswer } from './api';
export { fileProblem, MAX_UPLOAD_BYTES, ACCEPTED_MEDIA_TYPES } from './upload-rules';
